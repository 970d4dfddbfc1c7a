/*
 * A Helium visualisation: the rows of a result table as points on a web-mercator map. Tiles are fetched only from
 * the URL templates an operator configured for the package; otherwise (or when a tile fails) the points are drawn
 * on a plain background, so the map never makes a request nobody asked for.
 */
(function () {
  'use strict';
  var api = window.zeppelinHelium;
  if (!api) throw new Error('zeppelin-map: window.zeppelinHelium is missing');

  var SVG = 'http://www.w3.org/2000/svg';
  var TILE = 256;
  var MAX_LAT = 85.05112878;
  var BASE_MAPS = ['Streets', 'Satellite', 'Hybrid', 'Topo', 'Gray', 'Oceans', 'Terrain'];

  function numeric(v) {
    var n = Number(v);
    return v !== '' && v !== null && v !== undefined && isFinite(n) ? n : null;
  }

  /** Longitude and latitude to world coordinates in [0, 1] (web mercator). */
  function project(lat, lon) {
    var phi = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI / 180;
    return { x: (lon + 180) / 360, y: (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2 };
  }

  function guessColumn(columns, names, fallback) {
    for (var i = 0; i < columns.length; i++) if (names.indexOf(columns[i].toLowerCase()) >= 0) return columns[i];
    return columns[fallback];
  }

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(e);
    return e;
  }

  function select(label, options, value, onChange) {
    var wrap = document.createElement('label');
    wrap.textContent = label + ' ';
    var s = document.createElement('select');
    options.forEach(function (o) {
      var opt = document.createElement('option');
      opt.value = o;
      opt.textContent = o;
      s.appendChild(opt);
    });
    s.value = value;
    s.addEventListener('change', function () { onChange(s.value); });
    wrap.appendChild(s);
    return wrap;
  }

  function tileUrl(template, z, x, y) {
    return template.replace(/\{z\}/g, z).replace(/\{x\}/g, x).replace(/\{y\}/g, y).replace(/\{s\}/g, 'a');
  }

  api.registerVisualization({
    name: 'zeppelin-map',
    label: 'Map',
    icon: 'fa fa-globe',
    render: function (container, table, config, context) {
      var setting = (context && context.setting) || {};
      var save = context && context.saveSetting ? context.saveSetting : function () {};
      var cols = table.columns;
      var latCol = cols.indexOf(setting.lat) >= 0 ? setting.lat : guessColumn(cols, ['lat', 'latitude'], 0);
      var lonCol = cols.indexOf(setting.lon) >= 0 ? setting.lon : guessColumn(cols, ['lon', 'lng', 'long', 'longitude'], Math.min(1, cols.length - 1));
      var baseMap = BASE_MAPS.indexOf(setting.baseMap) >= 0 ? setting.baseMap : 'Streets';
      var template = typeof config[baseMap.toLowerCase() + 'Tiles'] === 'string' ? config[baseMap.toLowerCase() + 'Tiles'].trim() : '';
      var color = typeof config.pointColor === 'string' && config.pointColor ? config.pointColor : '#d9534f';

      container.textContent = '';
      var bar = document.createElement('div');
      bar.className = 'helium-map-settings';
      bar.setAttribute('role', 'group');
      bar.setAttribute('aria-label', 'Map settings');
      var change = function (key) {
        return function (v) {
          var next = { lat: latCol, lon: lonCol, baseMap: baseMap };
          next[key] = v;
          save(next);
        };
      };
      bar.appendChild(select('Latitude', cols, latCol, change('lat')));
      bar.appendChild(select('Longitude', cols, lonCol, change('lon')));
      bar.appendChild(select('Base map', BASE_MAPS, baseMap, change('baseMap')));
      container.appendChild(bar);

      var li = cols.indexOf(latCol);
      var lo = cols.indexOf(lonCol);
      var points = [];
      var skipped = 0;
      table.rows.forEach(function (r, i) {
        var lat = numeric(r[li]);
        var lon = numeric(r[lo]);
        if (lat === null || lon === null || lat < -90 || lat > 90 || lon < -180 || lon > 180) { skipped += 1; return; }
        var w = project(lat, lon);
        points.push({ lat: lat, lon: lon, x: w.x, y: w.y, row: i });
      });

      var width = Math.max(200, container.clientWidth || 600);
      var height = Math.max(150, (context && context.height) || 300);
      var minX = 1, maxX = 0, minY = 1, maxY = 0;
      points.forEach(function (p) {
        minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x);
        minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y);
      });
      if (points.length === 0) { minX = 0; maxX = 1; minY = 0; maxY = 1; }
      var dx = maxX - minX;
      var dy = maxY - minY;
      var zoom = dx === 0 && dy === 0 ? 10 : Math.floor(Math.log(Math.min((width - 40) / (Math.max(dx, 1e-9) * TILE), (height - 40) / (Math.max(dy, 1e-9) * TILE))) / Math.LN2);
      zoom = Math.max(0, Math.min(18, zoom));
      var scale = TILE * Math.pow(2, zoom);
      var left = ((minX + maxX) / 2) * scale - width / 2;
      var top = ((minY + maxY) / 2) * scale - height / 2;

      var svg = el('svg', { width: width, height: height, viewBox: '0 0 ' + width + ' ' + height, role: 'img', class: 'helium-map',
        'aria-label': 'Map of ' + points.length + ' points' });
      el('rect', { x: 0, y: 0, width: width, height: height, fill: '#e9eef2', class: 'helium-map-background' }, svg);
      if (template !== '') {
        var tiles = el('g', { class: 'helium-map-tiles' }, svg);
        var n = Math.pow(2, zoom);
        for (var ty = Math.floor(top / TILE); ty <= Math.floor((top + height) / TILE); ty++) {
          if (ty < 0 || ty >= n) continue;
          for (var tx = Math.floor(left / TILE); tx <= Math.floor((left + width) / TILE); tx++) {
            var img = el('image', { x: tx * TILE - left, y: ty * TILE - top, width: TILE, height: TILE }, tiles);
            // A tile that cannot load is dropped: the plain background and the points stay.
            img.addEventListener('error', function (e) { var t = e.target; if (t.parentNode) t.parentNode.removeChild(t); });
            img.setAttribute('href', tileUrl(template, zoom, ((tx % n) + n) % n, ty));
          }
        }
      }
      var layer = el('g', { class: 'helium-map-points' }, svg);
      points.forEach(function (p) {
        var c = el('circle', { cx: (p.x * scale - left).toFixed(1), cy: (p.y * scale - top).toFixed(1), r: 5, fill: color,
          stroke: '#fff', 'stroke-width': 1, class: 'helium-map-point' }, layer);
        el('title', {}, c).textContent = table.rows[p.row].join(', ');
      });
      container.appendChild(svg);

      var note = document.createElement('p');
      note.className = 'helium-map-note';
      note.textContent = points.length + ' points' + (skipped > 0 ? ', ' + skipped + ' rows without valid coordinates' : '') +
        (template === '' ? '. No tile URL is configured for ' + baseMap + ': points are drawn on a plain background.' : '');
      container.appendChild(note);
      return function () { container.textContent = ''; };
    },
  });
})();
