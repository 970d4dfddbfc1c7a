/**
 * The layers, enforced by `npm run lint` (see the README's architecture section):
 *   protocol/  <-  slices/  <-  sagas/  <-  src/        and   server/ on protocol/ only.
 * An arrow means "may be imported by". Tests, benchmarks and scripts may import anything.
 */
const layer = (name, from, forbidden, why) => ({
  name,
  comment: why,
  severity: 'error',
  from: { path: `^${from}/` },
  to: { path: `^(${forbidden.join('|')})/` },
});

module.exports = {
  forbidden: [
    layer('protocol-is-the-floor', 'protocol', ['src', 'slices', 'sagas', 'server'], 'protocol/ is shared by browser and server and imports nothing of ours'),
    layer('slices-below-effects', 'slices', ['src', 'sagas', 'server'], 'slices/ hold state and the note domain: protocol/ only'),
    layer('sagas-below-views', 'sagas', ['src', 'server'], 'sagas/ own effects; they never reach into views or the server'),
    layer('server-on-protocol', 'server', ['src', 'slices', 'sagas'], 'server/ shares only protocol/ with the browser'),
    layer('src-not-server', 'src', ['server'], 'the browser bundle never includes server code'),
    layer('helium-framework-stands-alone', 'helium-framework', ['protocol', 'src', 'slices', 'sagas', 'server'],
      'our zeppelin-vis, zeppelin-tabledata and zeppelin-spell are bundled into Helium packages on their own'),
    {
      name: 'no-circular',
      comment: 'a cycle blurs which module depends on which',
      severity: 'error',
      from: { path: '^(protocol|slices|sagas|src|server|helium-framework)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
