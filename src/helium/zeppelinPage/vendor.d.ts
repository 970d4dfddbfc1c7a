// jQuery and d3 v3 are handed to Helium bundles as page globals; the page itself only passes them on.
declare module 'jquery' {
  const jQuery: (el: unknown) => unknown;
  export default jQuery;
}
declare module 'd3' {
  const d3: Record<string, unknown>;
  export default d3;
}
