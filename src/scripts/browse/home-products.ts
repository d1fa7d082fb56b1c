/**
 * The home page's "Load more" button. It is in the HTML but hidden until this script runs, so a
 * shopper without JavaScript never sees a button that does nothing. Showing it is all this script
 * does: the loading itself (home-load-more.ts, with the HTTP layer and the card builder) comes
 * with the first click, keeping the home page's script before interaction small.
 */
const root = document.querySelector<HTMLElement>('[data-home-products]');
const button = root?.querySelector<HTMLButtonElement>('[data-load-more]');
if (root && button) {
  let loadMore: Promise<(() => Promise<void>) | null> | null = null;
  button.hidden = false;
  button.addEventListener('click', () => {
    loadMore ??= import('./home-load-more.ts').then((module) => module.createLoadMore(root, button));
    loadMore.then(
      (load) => load?.(),
      () => {
        // The script could not be fetched (offline): say so, and try again on the next click.
        loadMore = null;
        const error = root.querySelector<HTMLElement>('[data-load-error]');
        if (error) error.hidden = false;
      },
    );
  });
}

// A module (its names stay its own), though it imports nothing up front.
export {};
