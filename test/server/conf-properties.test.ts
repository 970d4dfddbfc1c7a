/** @jest-environment node */
import { confGroup, parseConfProperties } from '../../server/interpreters/conf';

describe('%<group>.conf text (java.util.Properties format)', () => {
  test('separators: blanks, = and :, with blanks around them', () => {
    expect(parseConfProperties('a 1\nb=2\nc:3\nd = 4\ne :  5\nf\t6')).toEqual({ a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' });
  });

  test('comments and blank lines are skipped; a key alone has an empty value', () => {
    expect(parseConfProperties('# comment\n  ! also a comment\n\n   \nflag\nx y # not a comment')).toEqual({ flag: '', x: 'y # not a comment' });
  });

  test('values keep inner blanks and separators; keys and values are trimmed', () => {
    expect(parseConfProperties('  spark.driver.extraJavaOptions   -Da=b -Dc=d  \nurl = jdbc:postgresql://h:5432/db')).toEqual({
      'spark.driver.extraJavaOptions': '-Da=b -Dc=d',
      url: 'jdbc:postgresql://h:5432/db',
    });
  });

  test('escapes and continued lines', () => {
    expect(parseConfProperties('key\\ with\\ spaces = v\\u00e9\\tx\nlong = one, \\\n    two\nwin=c:\\\\temp')).toEqual({
      'key with spaces': 'vé\tx',
      long: 'one, two',
      win: 'c:\\temp',
    });
  });

  test('the later of two lines for a key wins; CRLF text reads the same', () => {
    expect(parseConfProperties('a 1\r\na 2\r\nb 3')).toEqual({ a: '2', b: '3' });
  });

  test('only %<group>.conf names a group', () => {
    expect(confGroup('sh.conf')).toBe('sh');
    expect(confGroup('spark.pyspark.conf')).toBe('spark.pyspark');
    expect(confGroup('.conf')).toBeUndefined();
    expect(confGroup('conf')).toBeUndefined();
    expect(confGroup('sh')).toBeUndefined();
  });
});
