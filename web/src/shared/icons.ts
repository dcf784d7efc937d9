/**
 * The Bootstrap Icons the web shows (1.13, MIT), inline: their SVG paths, so the page downloads no
 * icon font (131 KB) for a few dozen icons. Each is its own module, so a chunk carries only the
 * icons it draws. `icons.test.ts` checks every path against the `bootstrap-icons` package.
 */

export { arrowClockwise } from './icons/arrowClockwise.ts';
export { arrowCounterclockwise } from './icons/arrowCounterclockwise.ts';
export { arrowLeft } from './icons/arrowLeft.ts';
export { arrowRepeat } from './icons/arrowRepeat.ts';
export { bank } from './icons/bank.ts';
export { bell } from './icons/bell.ts';
export { bookmarkStar } from './icons/bookmarkStar.ts';
export { briefcase } from './icons/briefcase.ts';
export { circle } from './icons/circle.ts';
export { clockHistory } from './icons/clockHistory.ts';
export { currencyEuro } from './icons/currencyEuro.ts';
export { dashCircle } from './icons/dashCircle.ts';
export { envelope } from './icons/envelope.ts';
export { eye } from './icons/eye.ts';
export { fileEarmarkPdf } from './icons/fileEarmarkPdf.ts';
export { filetypeCsv } from './icons/filetypeCsv.ts';
export { folder2Open } from './icons/folder2Open.ts';
export { funnel } from './icons/funnel.ts';
export { gear } from './icons/gear.ts';
export { house } from './icons/house.ts';
export { layoutThreeColumns } from './icons/layoutThreeColumns.ts';
export { listOl } from './icons/listOl.ts';
export { listUl } from './icons/listUl.ts';
export { paperclip } from './icons/paperclip.ts';
export { pencil } from './icons/pencil.ts';
export { people } from './icons/people.ts';
export { personCircle } from './icons/personCircle.ts';
export { plus } from './icons/plus.ts';
export { plusCircle } from './icons/plusCircle.ts';
export { receipt } from './icons/receipt.ts';
export { send } from './icons/send.ts';
export type { IconShape } from './icons/shape.ts';
export { shieldCheck } from './icons/shieldCheck.ts';
export { sortDown } from './icons/sortDown.ts';
export { sortUp } from './icons/sortUp.ts';
export { speedometer2 } from './icons/speedometer2.ts';
export { typeBold } from './icons/typeBold.ts';
export { typeItalic } from './icons/typeItalic.ts';
export { xCircle } from './icons/xCircle.ts';
