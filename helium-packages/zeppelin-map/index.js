/*
 * A Helium visualization: the rows of a result table as points on a web-mercator map. Tiles are fetched only from
 * the URL templates an operator configured for the package; otherwise (or when a tile fails) the points are drawn
 * on a plain background, so the map never makes a request nobody asked for.
 */
import Visualization from 'zeppelin-vis';
import PassthroughTransformation from 'zeppelin-tabledata/passthrough';

const SVG = 'http://www.w3.org/2000/svg';
const TILE = 256;
const MAX_LAT = 85.05112878;
const BASE_MAPS = ['Streets', 'Satellite', 'Hybrid', 'Topo', 'Gray', 'Oceans', 'Terrain'];

const SETTINGS = `
<div class="helium-map-settings" role="group" aria-label="Map settings">
  <label>Latitude <select ng-model="config.lat" ng-change="save()"><option ng-repeat="c in columns" value="{{c}}">{{c}}</option></select></label>
  <label>Longitude <select ng-model="config.lon" ng-change="save()"><option ng-repeat="c in columns" value="{{c}}">{{c}}</option></select></label>
  <label>Base map <select ng-model="config.baseMap" ng-change="save()"><option ng-repeat="m in baseMaps" value="{{m}}">{{m}}</option></select></label>
</div>`;

function numeric(v) {
  const n = Number(v);
  return v !== '' && v !== null && v !== undefined && Number.isFinite(n) ? n : null;
}

/** Longitude and latitude to world coordinates in [0, 1] (web mercator). */
function project(lat, lon) {
  const phi = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI / 180;
  return { x: (lon + 180) / 360, y: (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2 };
}

function guessColumn(columns, names, fallback) {
  return columns.find((c) => names.includes(c.toLowerCase())) ?? columns[fallback];
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  Object.keys(attrs).forEach((k) => e.setAttribute(k, attrs[k]));
  if (parent) parent.appendChild(e);
  return e;
}

const tileUrl = (template, z, x, y) => template.replace(/\{z\}/g, z).replace(/\{x\}/g, x).replace(/\{y\}/g, y).replace(/\{s\}/g, 'a');

/** The view box: the points' bounds at the largest zoom that fits them. */
function viewOf(points, width, height) {
  let minX = 1; let maxX = 0; let minY = 1; let maxY = 0;
  points.forEach((p) => { minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x); minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y); });
  if (points.length === 0) { minX = 0; maxX = 1; minY = 0; maxY = 1; }
  const dx = maxX - minX;
  const dy = maxY - minY;
  let zoom = dx === 0 && dy === 0 ? 10 : Math.floor(Math.log(Math.min((width - 40) / (Math.max(dx, 1e-9) * TILE), (height - 40) / (Math.max(dy, 1e-9) * TILE))) / Math.LN2);
  zoom = Math.max(0, Math.min(18, zoom));
  const scale = TILE * 2 ** zoom;
  return { zoom, scale, left: ((minX + maxX) / 2) * scale - width / 2, top: ((minY + maxY) / 2) * scale - height / 2 };
}

function drawTiles(svg, template, view, width, height) {
  const { zoom, left, top } = view;
  const tiles = el('g', { class: 'helium-map-tiles' }, svg);
  const n = 2 ** zoom;
  for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + height) / TILE); ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + width) / TILE); tx++) {
      const img = el('image', { x: tx * TILE - left, y: ty * TILE - top, width: TILE, height: TILE }, tiles);
      // A tile that cannot load is dropped: the plain background and the points stay.
      img.addEventListener('error', (e) => e.target.remove());
      img.setAttribute('href', tileUrl(template, zoom, ((tx % n) + n) % n, ty));
    }
  }
}

export default class MapVisualization extends Visualization {
  constructor(targetEl, config) {
    super(targetEl, config);
    this.passthrough = new PassthroughTransformation(config);
  }

  getTransformation() {
    return this.passthrough;
  }

  /** The chosen columns and base map, with guesses for what the result's settings do not name. */
  choice(columns) {
    const c = this.config;
    return {
      lat: columns.includes(c.lat) ? c.lat : guessColumn(columns, ['lat', 'latitude'], 0),
      lon: columns.includes(c.lon) ? c.lon : guessColumn(columns, ['lon', 'lng', 'long', 'longitude'], Math.min(1, columns.length - 1)),
      baseMap: BASE_MAPS.includes(c.baseMap) ? c.baseMap : 'Streets',
    };
  }

  getSetting() {
    const columns = this.tableData ? this.tableData.columns.map((c) => c.name) : [];
    const config = Object.assign(this.config, this.choice(columns));
    return { template: SETTINGS, scope: { config, columns, baseMaps: BASE_MAPS, save: () => this.emitConfig({ lat: config.lat, lon: config.lon, baseMap: config.baseMap }) } };
  }

  render(tableData) {
    this.tableData = tableData;
    const conf = this._packageConfig || {};
    const names = tableData.columns.map((c) => c.name);
    const { lat: latCol, lon: lonCol, baseMap } = this.choice(names);
    const key = `${baseMap.toLowerCase()}Tiles`;
    const template = typeof conf[key] === 'string' ? conf[key].trim() : '';
    const color = typeof conf.pointColor === 'string' && conf.pointColor ? conf.pointColor : '#d9534f';
    const li = names.indexOf(latCol);
    const lo = names.indexOf(lonCol);
    const points = [];
    let skipped = 0;
    tableData.rows.forEach((r, i) => {
      const lat = numeric(r[li]);
      const lon = numeric(r[lo]);
      if (lat === null || lon === null || lat < -90 || lat > 90 || lon < -180 || lon > 180) { skipped += 1; return; }
      points.push({ ...project(lat, lon), row: i });
    });
    const target = this.targetEl[0];
    const width = Math.max(200, target.clientWidth || 600);
    const height = Math.max(150, this.targetEl.height() || 300);
    const view = viewOf(points, width, height);
    const svg = el('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'helium-map', 'aria-label': `Map of ${points.length} points` });
    el('rect', { x: 0, y: 0, width, height, fill: '#e9eef2', class: 'helium-map-background' }, svg);
    if (template !== '') drawTiles(svg, template, view, width, height);
    const layer = el('g', { class: 'helium-map-points' }, svg);
    points.forEach((p) => {
      const c = el('circle', { cx: (p.x * view.scale - view.left).toFixed(1), cy: (p.y * view.scale - view.top).toFixed(1), r: 5, fill: color,
        stroke: '#fff', 'stroke-width': 1, class: 'helium-map-point' }, layer);
      el('title', {}, c).textContent = tableData.rows[p.row].join(', ');
    });
    const note = document.createElement('p');
    note.className = 'helium-map-note';
    note.textContent = `${points.length} points${skipped > 0 ? `, ${skipped} rows without valid coordinates` : ''}${
      template === '' ? `. No tile URL is configured for ${baseMap}: points are drawn on a plain background.` : ''}`;
    target.textContent = '';
    target.appendChild(svg);
    target.appendChild(note);
  }

  refresh() {
    if (this.tableData) this.render(this.tableData);
  }
}
