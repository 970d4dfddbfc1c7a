/* A Helium spell: `%wordcount <text>` answers a table of counts, computed in the browser. */
(function () {
  'use strict';
  var api = window.zeppelinHelium;
  if (!api) throw new Error('zeppelin-wordcount: window.zeppelinHelium is missing');

  api.registerSpell({
    name: 'zeppelin-wordcount',
    magic: '%wordcount',
    interpret: function (text, config) {
      var top = typeof config.top === 'number' && config.top >= 0 ? Math.floor(config.top) : 5;
      var words = text.split(/\s+/).filter(function (w) { return w !== ''; });
      var freq = {};
      words.forEach(function (w) { var k = w.toLowerCase(); freq[k] = (freq[k] || 0) + 1; });
      var rows = [
        ['lines', text === '' ? 0 : text.split('\n').length],
        ['words', words.length],
        ['characters', text.length],
      ];
      Object.keys(freq)
        .sort(function (a, b) { return freq[b] - freq[a] || (a < b ? -1 : 1); })
        .slice(0, top)
        .forEach(function (w) { rows.push(['"' + w.replace(/[\t\n]/g, ' ') + '"', freq[w]]); });
      return [{ type: 'TABLE', data: 'metric\tcount\n' + rows.map(function (r) { return r.join('\t'); }).join('\n') }];
    },
  });
})();
