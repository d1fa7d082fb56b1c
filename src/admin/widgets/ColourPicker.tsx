/**
 * antd's ColorPicker reachable from the keyboard (its own trigger takes no focus): a button opens
 * it (Enter, Space or a click), its panel follows the button in the page so Tab goes on into the
 * hue slider and the hex field, and Escape closes it with the focus back on the button
 * (docs/back-office.md "Keyboard").
 */
import { Button, ColorPicker, type ColorPickerProps } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';

type Props = Omit<ColorPickerProps, 'value' | 'open' | 'onOpenChange' | 'children' | 'showText'> & { value: string; label: string };

export function ColourPicker({ value, label, ...picker }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // The picker closes, not the drawer around it.
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <span className="admin-colour-picker" onKeyDown={onKeyDown}>
      <ColorPicker {...picker} value={value} open={open} onOpenChange={setOpen} placement="bottomRight" getPopupContainer={(trigger) => trigger.parentElement ?? document.body}>
        <Button ref={button} aria-label={`${label}: ${value.toUpperCase()}`} aria-haspopup="dialog" aria-expanded={open}>
          <span className="admin-colour-chip" style={{ background: value }} aria-hidden="true" />
          {value.toUpperCase()}
        </Button>
      </ColorPicker>
    </span>
  );
}
