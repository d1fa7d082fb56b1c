/**
 * The search page: runs searches from the form, the URL (`?q=&page=`,
 * so results can be shared and Back works) and the history; keeps the submit button disabled
 * while the input is blank or a search is running; a blank input clears the results.
 */
import { mediaUrl, type ListingState } from '../../stores/listing.ts';
import { $search, $searchHistory, $searching, clearSearch, clearSearchHistory, search } from '../../stores/search.ts';
import { normaliseQuery, readSearchState, searchSearch, shownRange, type SearchState } from './listing-url.ts';
import { findView, focusResults, readMessages, type ListingMessages } from './listing-view.ts';
import { renderListing } from './listing-render.ts';
import { pageFromClick } from './pager.ts';
import { interpolate } from '../../i18n/core.ts';
import { showLoadFailure } from '../load-failure.ts';

interface Messages extends ListingMessages {
  prompt: string;
  results: string;
  resultsOne: string;
  noResults: string;
  error: string;
  title: string;
  titleFor: string;
}

function statusText(state: ListingState<string>, messages: Messages): string {
  const query = state.query ?? '';
  if (state.status === 'idle' || !query) return messages.prompt;
  if (state.status === 'error') return messages.error;
  if (state.total === 0) return interpolate(messages.noResults, { query });
  if (state.total === 1) return interpolate(messages.resultsOne, { query });
  const { from, to } = shownRange(state.page, state.size, state.total);
  return interpolate(messages.results, { query, total: state.total, from, to });
}

function init(page: HTMLElement): void {
  const form = page.querySelector<HTMLFormElement>('[data-search-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const results = page.querySelector<HTMLElement>('[data-listing]');
  const view = results ? findView(results) : null;
  if (!form || !input || !submit || !view) return;
  const messages = readMessages<Messages>(page);
  const history = page.querySelector<HTMLElement>('[data-search-history]');
  const failure = page.querySelector<HTMLElement>('[data-search-failure]');
  const historyList = page.querySelector<HTMLElement>('[data-history-list]');
  let moveFocus = false;

  const urlFor = (state: SearchState) => `${location.pathname}${searchSearch(state)}${location.hash}`;
  const href = (pageNo: number) => urlFor({ query: $search.get().query ?? '', page: pageNo });

  function updateSubmit(): void {
    submit!.disabled = $searching.get() || normaliseQuery(input!.value) === '';
  }

  /** Runs (or clears) a search and records it in the URL; `history` 'none' when the URL already says it. */
  function go(state: SearchState, history: 'push' | 'replace' | 'none'): void {
    if (history === 'push' && urlFor(state) !== `${location.pathname}${location.search}${location.hash}`) window.history.pushState(null, '', urlFor(state));
    else if (history === 'replace') window.history.replaceState(null, '', urlFor(state));
    document.title = state.query ? messages.titleFor.replace('%s', state.query) : messages.title;
    if (state.query) void search(state.query, state.page);
    else clearSearch();
  }

  $searching.subscribe(() => updateSubmit());
  input.addEventListener('input', () => {
    updateSubmit();
    // Spec: an empty query clears the results (and the URL no longer names the old one).
    if (normaliseQuery(input.value) === '' && $search.get().query !== null) go({ query: '', page: 1 }, 'replace');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const query = normaliseQuery(input.value);
    // Blank: nothing to search (the disabled button normally prevents getting here).
    if (!query) {
      if ($search.get().query !== null) go({ query: '', page: 1 }, 'replace');
      return;
    }
    if ($searching.get()) return;
    input.value = query;
    go({ query, page: 1 }, 'push');
  });

  failure?.querySelector('[data-search-retry]')?.addEventListener('click', () => {
    const { query, page: pageNo } = $search.get();
    if (query) void search(query, pageNo);
  });

  view.pager.addEventListener('click', (event) => {
    const pageNo = pageFromClick(event);
    const query = $search.get().query;
    if (pageNo === null || !query) return;
    event.preventDefault();
    moveFocus = true;
    go({ query, page: pageNo }, 'push');
  });

  $search.subscribe((state) => {
    renderListing(view, state, { messages, href, mediaUrl, countText: (s) => statusText(s, messages) });
    view.count.classList.toggle('is-error', state.status === 'error');
    // Unreachable: the network-error state and Retry; any other failure stays "no results" (docs/storefront.md).
    if (failure) {
      if (state.status === 'error' && state.offline) showLoadFailure(failure, true);
      else failure.hidden = true;
    }
    if (state.status !== 'loading' && moveFocus) {
      moveFocus = false;
      focusResults(view);
    }
  });

  if (history && historyList) {
    $searchHistory.subscribe((entries) => {
      history.hidden = entries.length === 0;
      historyList.replaceChildren(
        ...entries.map((entry) => {
          const li = document.createElement('li');
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'pill history-item';
          button.textContent = entry;
          button.dataset['query'] = entry;
          li.append(button);
          return li;
        }),
      );
    });
    historyList.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-query]') : null;
      const query = button?.dataset['query'];
      if (!query) return;
      input.value = query;
      updateSubmit();
      go({ query, page: 1 }, 'push');
    });
    page.querySelector('[data-history-clear]')?.addEventListener('click', () => {
      clearSearchHistory();
      input.focus();
    });
  }

  const fromUrl = () => {
    const state = readSearchState(location.search);
    input.value = state.query;
    updateSubmit();
    go(state, 'none');
  };
  window.addEventListener('popstate', fromUrl);
  fromUrl();
}

const page = document.querySelector<HTMLElement>('[data-search-page]');
if (page) init(page);
