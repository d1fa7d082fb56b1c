/**
 * Shows a page's error block (with components/common/NetworkFailure.astro inside) in the right
 * state: the network-error illustration and words when the shop could not be reached, the
 * page's own message (`data-when-online`) otherwise.
 */
export function showLoadFailure(block: HTMLElement, offline: boolean): void {
  block.hidden = false;
  block.dataset['loadFailure'] = offline ? 'network' : 'other';
  for (const part of block.querySelectorAll<HTMLElement>('[data-when-offline]')) part.hidden = !offline;
  for (const part of block.querySelectorAll<HTMLElement>('[data-when-online]')) part.hidden = offline;
}
