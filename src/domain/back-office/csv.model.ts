/** A CSV file as the back office's exports answer it (orders, products' stock, newsletter, tax report). */
export interface CsvFile {
  fileName: string;
  /** RFC 4180, UTF-8 with a byte-order mark so spreadsheets read Chinese names right. */
  csv: string;
  rows: number;
}
