/** @jest-environment node */
import { jsonRoles, roleList } from '../../protocol/roles';

test('role lists: the ticket form is strict, a note config may also hold a comma list', () => {
  expect(jsonRoles('["a","b",3]')).toEqual(['a', 'b']);
  expect(jsonRoles(['a', 1])).toEqual(['a']);
  expect(jsonRoles('a, b')).toBeNull();
  expect(jsonRoles('{"a":1}')).toBeNull();
  expect(jsonRoles(undefined)).toBeNull();
  expect(roleList('["a"]')).toEqual(['a']);
  expect(roleList(' a, ,b ')).toEqual(['a', 'b']);
  expect(roleList('')).toEqual([]);
  expect(roleList(7)).toEqual([]);
});
