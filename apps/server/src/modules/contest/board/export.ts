import type { BuiltBoard } from './build.js';
import { boardRule } from './rules/index.js';

/**
 * The board as an Excel workbook (HOJ's "download-contest-rank"): one sheet, a header row, then every row in
 * board order with rank ("*" for star users), name, real name, school, award and the rule's columns. Returns the
 * .xlsx bytes.
 */
export async function boardWorkbook(board: BuiltBoard, title: string): Promise<Buffer> {
  // exceljs is large: loaded on the first export, not at start-up.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Rank');
  const columns = boardRule(board.type).exportColumns(board.displayIds);
  sheet.addRow([title]);
  sheet.addRow(['Rank', 'Username', 'Name', 'Real Name', 'School', 'Award', ...columns.map((c) => c.header)]);
  sheet.getRow(2).font = { bold: true };
  for (const r of board.rows) {
    sheet.addRow([
      r.rank === -1 ? '*' : r.rank,
      r.username,
      r.showName,
      r.realname,
      r.school,
      r.awardName ?? '',
      ...columns.map((c) => c.value(r as never)),
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
