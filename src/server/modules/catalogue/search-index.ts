/**
 * Product search: every query word must match a word of the title (in either locale), in any
 * order, case- and accent-insensitively, by prefix or with one typo; results are ranked by how
 * well the words matched, then by the catalogue's own ranking. The index is a small in-memory
 * structure over titles, rebuilt when the catalogue changes, so search never scans the table.
 * Chinese titles are not split into words: a query matches any run of characters holding it.
 */
import { memoByText } from '../../http/text-memo.ts';

export interface SearchDocument {
  id: number;
  titles: string[];
  rank: number;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\u3400-\u9fff\uf900-\ufaff]+/g, ' ')
    .trim();
}

export function tokenise(text: string): string[] {
  const normalised = normaliseText(text);
  return normalised ? normalised.split(' ') : [];
}

/** True when a and b differ by at most one insertion, deletion, substitution or swap. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** How well one query word matches one title word: 0 means not at all. */
function wordScore(word: string, token: string): number {
  if (token === word) return 4;
  if (word.length >= 2 && token.startsWith(word)) return 3;
  // One typo only for words long enough that a typo still says something.
  if (word.length >= 4 && (withinOneEdit(word, token) || (token.length > word.length && withinOneEdit(word, token.slice(0, word.length))))) return 2;
  if (word.length >= 3 && token.includes(word)) return 1;
  return 0;
}

/** The most words of a query that count (a pasted paragraph must not cost more). */
const MAX_WORDS = 8;

/** How many query texts `searchKey` keeps read (each at most SEARCH_TITLE_MAX characters). */
const KEYS_KEPT = 2_000;

/** The query as the index reads it: equal keys find the same products in the same order. */
export const searchKey = memoByText((query: string): string => [...new Set(tokenise(query))].slice(0, MAX_WORDS).join(' '), KEYS_KEPT);

export interface SearchPage {
  /** Ids of the asked-for slice of the matches, best first. */
  ids: number[];
  /** How many products match in all. */
  total: number;
}

/**
 * Postings per distinct title word, and per product its place in the catalogue's own order, in
 * typed arrays: a query scores the matching words' postings into scratch arrays and sorts one
 * number per match, so it allocates little and never touches the products that do not match.
 * Not re-entrant (the scratch arrays are shared), which JavaScript's one thread guarantees.
 */
export class SearchIndex {
  private readonly ids: Int32Array;
  /** Product index by place in the catalogue order (rank, then id). */
  private readonly byPlace: Uint32Array;
  /** Place in the catalogue order by product index. */
  private readonly placeOf: Uint32Array;
  private readonly tokens: string[];
  private readonly postings: Uint32Array[];
  private readonly cjkToken: boolean[];
  // Scratch, reused by every query.
  private readonly wordBest: Uint8Array;
  private readonly score: Uint8Array;
  private readonly touched: Uint32Array;
  private readonly candidates: Uint32Array;

  constructor(docs: readonly SearchDocument[]) {
    const n = docs.length;
    this.ids = Int32Array.from(docs, (doc) => doc.id);
    this.byPlace = Uint32Array.from(docs.keys()).sort((a, b) => docs[b]!.rank - docs[a]!.rank || docs[a]!.id - docs[b]!.id);
    this.placeOf = new Uint32Array(n);
    this.byPlace.forEach((index, place) => (this.placeOf[index] = place));
    const lists = new Map<string, number[]>();
    docs.forEach((doc, index) => {
      const seen = new Set<string>();
      for (const title of doc.titles) for (const token of tokenise(title)) seen.add(token);
      for (const token of seen) {
        const list = lists.get(token);
        if (list) list.push(index);
        else lists.set(token, [index]);
      }
    });
    this.tokens = [...lists.keys()];
    this.postings = this.tokens.map((token) => Uint32Array.from(lists.get(token)!));
    this.cjkToken = this.tokens.map((token) => CJK.test(token));
    this.wordBest = new Uint8Array(n);
    this.score = new Uint8Array(n);
    this.touched = new Uint32Array(n);
    this.candidates = new Uint32Array(n);
  }

  get size(): number {
    return this.ids.length;
  }

  /** How well `word` matches each title word that it matches at all. */
  private matches(word: string): { token: number; score: number }[] {
    const found: { token: number; score: number }[] = [];
    // Chinese titles are not split into words: any run of characters that holds the query's matches fully.
    const cjk = CJK.test(word);
    for (let t = 0; t < this.tokens.length; t++) {
      const score = cjk && this.cjkToken[t] && this.tokens[t]!.includes(word) ? 4 : wordScore(word, this.tokens[t]!);
      if (score > 0) found.push({ token: t, score });
    }
    return found;
  }

  /**
   * The matching products, best first: every query word must match a word of the title, and the
   * better the words match the higher it ranks; ties keep the catalogue's order. A blank query
   * matches nothing.
   */
  search(query: string, slice: { offset: number; limit: number } = { offset: 0, limit: Number.POSITIVE_INFINITY }): SearchPage {
    const words = searchKey(query).split(' ').filter(Boolean);
    if (words.length === 0) return { ids: [], total: 0 };
    const { wordBest, score, touched, candidates } = this;
    let count = 0;
    for (let w = 0; w < words.length; w++) {
      // The word's best score per product, for the products it reaches.
      let reached = 0;
      for (const { token, score: tokenScore } of this.matches(words[w]!)) {
        for (const index of this.postings[token]!) {
          if (wordBest[index] === 0) touched[reached++] = index;
          if (wordBest[index]! < tokenScore) wordBest[index] = tokenScore;
        }
      }
      if (w === 0) {
        for (let i = 0; i < reached; i++) {
          candidates[i] = touched[i]!;
          score[touched[i]!] = wordBest[touched[i]!]!;
        }
        count = reached;
      } else {
        // Keep the products every word so far reached.
        let kept = 0;
        for (let i = 0; i < count; i++) {
          const index = candidates[i]!;
          if (wordBest[index]! > 0) {
            score[index] = score[index]! + wordBest[index]!;
            candidates[kept++] = index;
          } else score[index] = 0;
        }
        count = kept;
      }
      for (let i = 0; i < reached; i++) wordBest[touched[i]!] = 0;
      if (count === 0) return { ids: [], total: 0 };
    }
    // One number per match: higher score first, then the catalogue's order.
    const n = this.ids.length;
    const keys = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const index = candidates[i]!;
      keys[i] = (255 - score[index]!) * n + this.placeOf[index]!;
      score[index] = 0;
    }
    keys.sort();
    const end = Math.min(count, slice.offset + slice.limit);
    const ids: number[] = [];
    for (let i = slice.offset; i < end; i++) ids.push(this.ids[this.byPlace[keys[i]! % n]!]!);
    return { ids, total: count };
  }
}
