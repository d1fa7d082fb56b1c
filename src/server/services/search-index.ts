/**
 * Product search: every query word must match a word of the title (in either locale), in any
 * order, case- and accent-insensitively, by prefix or with one typo; results are ranked by how
 * well the words matched, then by the catalogue's own ranking. The index is a small in-memory
 * structure over titles, rebuilt when the catalogue changes, so search never scans the table.
 */

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

export class SearchIndex {
  private readonly docs: SearchDocument[];
  /** token -> indexes into docs */
  private readonly postings = new Map<string, number[]>();
  /** Chinese titles are not split into words; they are matched by substring. */
  private readonly cjkTitles: string[];

  constructor(docs: SearchDocument[]) {
    this.docs = docs;
    this.cjkTitles = docs.map((doc) => doc.titles.filter((t) => CJK.test(t)).map(normaliseText).join(' '));
    docs.forEach((doc, index) => {
      const seen = new Set<string>();
      for (const title of doc.titles) for (const token of tokenise(title)) seen.add(token);
      for (const token of seen) {
        const list = this.postings.get(token);
        if (list) list.push(index);
        else this.postings.set(token, [index]);
      }
    });
  }

  get size(): number {
    return this.docs.length;
  }

  /** Ids of matching products, best first. A blank query matches nothing. */
  search(query: string): number[] {
    const words = [...new Set(tokenise(query))].slice(0, 8);
    if (words.length === 0) return [];
    let scores: Map<number, number> | null = null;
    for (const word of words) {
      const wordScores = new Map<number, number>();
      if (CJK.test(word)) {
        this.cjkTitles.forEach((title, index) => {
          if (title.includes(word)) wordScores.set(index, 4);
        });
      }
      for (const [token, list] of this.postings) {
        const score = wordScore(word, token);
        if (score === 0) continue;
        for (const index of list) if ((wordScores.get(index) ?? 0) < score) wordScores.set(index, score);
      }
      if (scores === null) scores = wordScores;
      else {
        const next = new Map<number, number>();
        for (const [index, score] of scores) {
          const add = wordScores.get(index);
          if (add) next.set(index, score + add);
        }
        scores = next;
      }
      if (scores.size === 0) return [];
    }
    return [...scores!.entries()]
      .sort((a, b) => b[1] - a[1] || this.docs[b[0]]!.rank - this.docs[a[0]]!.rank || this.docs[a[0]]!.id - this.docs[b[0]]!.id)
      .map(([index]) => this.docs[index]!.id);
  }
}
