/*
 * A Helium application, run by the server next to the interpreter: summarises the paragraph's first table result.
 * Module contract: run(input, output), see server/helium/apps.ts.
 */
'use strict';

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, function (c) {
    return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
  });
}

function parseTable(text) {
  // A blank line ends the rows; what follows is the table's comment.
  var lines = text.split('\n');
  var end = lines.indexOf('');
  if (end >= 0) lines = lines.slice(0, end);
  var columns = lines.length > 0 ? lines[0].split('\t') : [];
  var rows = lines.slice(1).map(function (l) { return l.split('\t'); });
  return { columns: columns, rows: rows };
}

function numeric(v) {
  var n = Number(v);
  return v !== undefined && v.trim() !== '' && isFinite(n) ? n : null;
}

function summarise(table, maxColumns) {
  return table.columns.slice(0, maxColumns).map(function (name, i) {
    var values = table.rows.map(function (r) { return r[i]; }).filter(function (v) { return v !== undefined && v !== ''; });
    var nums = values.map(numeric);
    var allNumeric = values.length > 0 && nums.every(function (n) { return n !== null; });
    var min;
    var max;
    if (allNumeric) {
      min = Math.min.apply(null, nums);
      max = Math.max.apply(null, nums);
    } else if (values.length > 0) {
      var sorted = values.slice().sort();
      min = sorted[0];
      max = sorted[sorted.length - 1];
    }
    return { name: name, kind: allNumeric ? 'number' : 'string', min: min, max: max };
  });
}

exports.run = function run(input, output) {
  var result = input.results.find(function (r) { return r.type === 'TABLE'; });
  if (!result) throw new Error('the paragraph has no table result');
  var table = parseTable(result.data);
  var maxColumns = typeof input.config.maxColumns === 'number' && input.config.maxColumns > 0 ? input.config.maxColumns : 50;
  output.update(
    '<div class="helium-summary"><p>' + table.rows.length + ' rows, ' + table.columns.length + ' columns</p>' +
    '<table><thead><tr><th>column</th><th>type</th><th>min</th><th>max</th></tr></thead><tbody>',
    'HTML'
  );
  summarise(table, maxColumns).forEach(function (c) {
    output.append('<tr><td>' + escapeHtml(c.name) + '</td><td>' + c.kind + '</td><td>' +
      escapeHtml(c.min === undefined ? '' : c.min) + '</td><td>' + escapeHtml(c.max === undefined ? '' : c.max) + '</td></tr>');
  });
  output.append('</tbody></table></div>');
};
