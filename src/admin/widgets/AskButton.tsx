/**
 * A row's button whose write asks first (confirm.ts): the question, then the write, then its
 * "done" message. Small, like every button of a table row; the rest is antd's Button.
 */
import { Button, type ButtonProps } from 'antd';
import { useConfirmedWrite, type Question } from './confirm.ts';

type AskButtonProps = Omit<ButtonProps, 'onClick' | 'size'> & {
  question: Question;
  /** The write, once the question is answered yes. */
  run: () => Promise<unknown>;
};

export function AskButton({ question, run, ...button }: AskButtonProps) {
  const ask = useConfirmedWrite();
  return <Button size="small" {...button} onClick={() => ask(question, run)} />;
}
