/* A Helium visualisation: a heat map of a result table. Registers itself through the page's Helium API. */
(function () {
  'use strict';
  var api = window.zeppelinHelium;
  if (!api) throw new Error('zeppelin-heatmap: window.zeppelinHelium is missing');

  function numeric(v) {
    var n = Number(v);
    return v !== '' && isFinite(n) ? n : null;
  }

  function shade(color, palette, t) {
    if (palette && palette.length > 1) return palette[Math.min(palette.length - 1, Math.floor(t * palette.length))];
    return 'color-mix(in srgb, ' + color + ' ' + Math.round(t * 100) + '%, transparent)';
  }

  api.registerVisualization({
    name: 'zeppelin-heatmap',
    label: 'Heat Map',
    icon: 'fa fa-th',
    render: function (container, table, config) {
      var color = typeof config.color === 'string' && config.color ? config.color : '#d9534f';
      var maxCells = typeof config.maxCells === 'number' && config.maxCells > 0 ? config.maxCells : 2000;
      var palette = Array.isArray(config.palette) ? config.palette : [];
      var numericCols = [];
      table.columns.forEach(function (c, i) {
        if (i > 0 && table.rows.some(function (r) { return numeric(r[i]) !== null; })) numericCols.push(i);
      });
      var values = [];
      table.rows.forEach(function (r) { numericCols.forEach(function (i) { var n = numeric(r[i]); if (n !== null) values.push(n); }); });
      var min = Math.min.apply(null, values.concat([0]));
      var max = Math.max.apply(null, values.concat([0]));
      var grid = document.createElement('table');
      grid.className = 'helium-heatmap';
      grid.setAttribute('aria-label', 'Heat map');
      var head = grid.createTHead().insertRow();
      [table.columns[0]].concat(numericCols.map(function (i) { return table.columns[i]; })).forEach(function (name) {
        var th = document.createElement('th');
        th.textContent = name;
        head.appendChild(th);
      });
      var body = grid.createTBody();
      var drawn = 0;
      table.rows.forEach(function (r) {
        if (drawn >= maxCells) return;
        var tr = body.insertRow();
        tr.insertCell().textContent = r[0];
        numericCols.forEach(function (i) {
          var td = tr.insertCell();
          var n = numeric(r[i]);
          td.textContent = r[i];
          if (n !== null) td.style.background = shade(color, palette, max === min ? 1 : (n - min) / (max - min));
          drawn += 1;
        });
      });
      container.textContent = '';
      container.appendChild(grid);
      return function () { container.textContent = ''; };
    },
  });
})();
