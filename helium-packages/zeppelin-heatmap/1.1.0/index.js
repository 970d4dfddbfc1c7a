/* A Helium visualization: a heat map of a result table, one shaded cell per row and numeric column. */
import Visualization from 'zeppelin-vis';
import PassthroughTransformation from 'zeppelin-tabledata/passthrough';

function numeric(v) {
  const n = Number(v);
  return v !== '' && Number.isFinite(n) ? n : null;
}

function shade(color, palette, t) {
  if (palette && palette.length > 1) return palette[Math.min(palette.length - 1, Math.floor(t * palette.length))];
  return `color-mix(in srgb, ${color} ${Math.round(t * 100)}%, transparent)`;
}

export default class HeatmapVisualization extends Visualization {
  constructor(targetEl, config) {
    super(targetEl, config);
    this.passthrough = new PassthroughTransformation(config);
  }

  getTransformation() {
    return this.passthrough;
  }

  render(tableData) {
    this.tableData = tableData;
    // The package's Helium configuration: this page's extension (Zeppelin gives visualizations none).
    const conf = this._packageConfig || {};
    const color = typeof conf.color === 'string' && conf.color ? conf.color : '#d9534f';
    const maxCells = typeof conf.maxCells === 'number' && conf.maxCells > 0 ? conf.maxCells : 2000;
    const palette = Array.isArray(conf.palette) ? conf.palette : [];
    const { columns, rows } = tableData;
    const numericCols = columns.filter((c, i) => i > 0 && rows.some((r) => numeric(r[c.index]) !== null)).map((c) => c.index);
    const values = [];
    rows.forEach((r) => numericCols.forEach((i) => { const n = numeric(r[i]); if (n !== null) values.push(n); }));
    const min = Math.min(0, ...values);
    const max = Math.max(0, ...values);
    const grid = document.createElement('table');
    grid.className = 'helium-heatmap';
    grid.setAttribute('aria-label', 'Heat map');
    const head = grid.createTHead().insertRow();
    [columns[0]].concat(numericCols.map((i) => columns[i])).forEach((c) => {
      const th = document.createElement('th');
      th.textContent = c ? c.name : '';
      head.appendChild(th);
    });
    const body = grid.createTBody();
    let drawn = 0;
    rows.forEach((r) => {
      if (drawn >= maxCells) return;
      const tr = body.insertRow();
      tr.insertCell().textContent = r[0];
      numericCols.forEach((i) => {
        const td = tr.insertCell();
        const n = numeric(r[i]);
        td.textContent = r[i];
        if (n !== null) td.style.background = shade(color, palette, max === min ? 1 : (n - min) / (max - min));
        drawn += 1;
      });
    });
    const el = this.targetEl[0];
    el.textContent = '';
    el.appendChild(grid);
  }

  refresh() {
    if (this.tableData) this.render(this.tableData);
  }
}
