/**
 * The category page's own script, before the shopper does anything: the build's page 1 needs no
 * code, so the listing's (category-listing.ts: paging and sorting through the API) loads when it is
 * first needed: a change of sort, the pager coming within a screen of view, Back or Forward, or at
 * once when the address already asks for another page or sort. Until then this only keeps the
 * pager's place, so drawing it later moves nothing.
 */
const root = document.querySelector<HTMLElement>('[data-category-listing]');
if (root) {
  const select = root.querySelector<HTMLSelectElement>('select[name="sort"]');
  const pager = root.querySelector<HTMLElement>('[data-pager]');
  let observer: IntersectionObserver | null = null;
  let loading: Promise<unknown> | null = null;
  const load = () => {
    observer?.disconnect();
    loading ??= import('./category-listing.ts').catch(() => {
      // Not loaded (offline): the next change tries again.
      loading = null;
    });
  };
  select?.addEventListener('change', load);
  // Without script the sort form reloads the page with ?sort=; with it, the listing sorts in place.
  select?.form?.addEventListener('submit', (event) => {
    event.preventDefault();
    load();
  });
  window.addEventListener('popstate', load);

  const pages = Math.ceil(Number(root.dataset['total']) / Number(root.dataset['pageSize']));
  if (pager && pages > 1) {
    pager.hidden = false;
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(pager);
  }
  // A sort picked on a slow phone before this script ran, or a shared link to another page.
  const sortPicked = select !== null && [...select.options].some((option) => option.selected !== option.defaultSelected);
  if (sortPicked || location.search !== '') load();
}

// A module (its names stay its own), though it imports nothing up front.
export {};
