/**
 * Libraries only some requests need, loaded at their first use instead of at start: sharp (image
 * uploads, claims' photos), pdfkit (invoices, credit notes, packing slips) and exceljs (the
 * catalogue's spreadsheets) held about 25 MB of an idle API's memory and 0.7 s of its start
 * (docs/performance.md "Memory at start"). The first use waits for the import once.
 */
import type ExcelJS from 'exceljs';
import type PDFDocument from 'pdfkit';
import type Sharp from 'sharp';

/** `load` run once, at the first call; a failed load is tried again at the next call. */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

export const loadSharp: () => Promise<typeof Sharp> = onFirstUse(async () => (await import('sharp')).default);
export const loadPdfKit: () => Promise<typeof PDFDocument> = onFirstUse(async () => (await import('pdfkit')).default);
export const loadExcel: () => Promise<typeof ExcelJS> = onFirstUse(async () => (await import('exceljs')).default);
