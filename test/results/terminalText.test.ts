/** @jest-environment node */
/** Text output as a terminal shows it: overwrites, backspaces, erases and colours; no control character survives. */
import { ansiToHtml, applyCarriageReturns, overwriteLine, TerminalRenderer } from '../../src/pages/note/results/terminalText';

test('backspace steps back and the next character overwrites', () => {
  expect(overwriteLine('abc\b\bX')).toBe('aXc');
  expect(overwriteLine('\b\bab')).toBe('ab');
});

test('carriage returns overwrite the line in place, as progress bars expect', () => {
  expect(applyCarriageReturns('10%\r50%\r100%\nnext')).toBe('100%\nnext');
  expect(overwriteLine('abcdef\r\x1b[Kxy')).toBe('xy');
  expect(overwriteLine('done\r')).toBe('done');
});

test('control characters are dropped, tabs kept, colours stay with their characters', () => {
  expect(overwriteLine('bell\x07 tab\tend\x01\x7fok')).toBe('bell tab\tendok');
  expect(overwriteLine('\x1b[32m10%\r\x1b[32m50%\x1b[0m')).toBe('\x1b[32m\x1b[32m50%\x1b[0m');
  expect(overwriteLine('\x1b]0;title\x07text')).toBe('text');
  // eslint-disable-next-line no-control-regex
  expect(/[\u0000-\u0008\u000b-\u001f\u007f]/.test(ansiToHtml('a\x00b\x1b[2Ac\x1b[31mred\x1b[0m\n'))).toBe(false);
});

test('the streaming renderer applies the same rules to the unfinished last line', () => {
  const r = new TerminalRenderer();
  expect(r.update('12%\r').tailHtml).toBe('12%');
  expect(r.update('12%\r40%\b\b5').tailHtml).toBe('45%');
});
