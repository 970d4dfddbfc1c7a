// Production build of the UI into dist/. Monaco is bundled locally (no CDN) and lazy-loaded in its own chunk.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { STAMP, uiInputsHash } = require('./scripts/ui-inputs');

/**
 * Emits the content hash of the build's inputs, taken before compiling, beside the output: `npm start` compares it
 * to skip rebuilding. A source changed during the build gives a stale hash, which only costs one more build.
 */
class InputsStampPlugin {
  apply(compiler) {
    const hash = uiInputsHash();
    compiler.hooks.thisCompilation.tap('InputsStampPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'InputsStampPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        compilation.emitAsset(STAMP, new compiler.webpack.sources.RawSource(`${hash}\n`));
      });
    });
  }
}

/** V8's explicit compile hint (Chromium 136+; other engines read a comment). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts V8's compile hint at the top of the named chunk groups' scripts: their functions are compiled as the script
 * loads (while it streams in, off the page's thread) and kept in the browser's code cache with it, instead of one by
 * one the first time each runs. In a fresh note page, the first `%jdbc` run compiled 30–50 ms of the app's code on
 * the page's thread while the server ran the query (traced: V8.CompileCode, click to table), and the table worker
 * compiled its decoder while the result waited. Only the app's own chunks: Monaco's 3.6 MB compiled whole would cost
 * its memory in every page for little gain. Added after minifying (which drops comments) and before the content
 * hashes are taken.
 */
class CompileHintsPlugin {
  constructor(groups) {
    this.groups = groups;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }, () => {
        const files = new Set();
        for (const name of this.groups) {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`CompileHintsPlugin: no chunk group named ${name}`);
          for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
        }
        for (const file of files) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
      });
    });
  }
}

module.exports = (_env, argv) => {
  const prod = argv.mode !== 'development';
  return {
    // The note's result document is its own small bundle: it runs in a sandboxed frame, never in the app's page.
    entry: { main: './src/index.tsx', resultFrame: './src/pages/note/results/frame/entry.ts' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      publicPath: 'auto',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        // The editor keymap packages were written against older monaco-editor layouts: monaco-vim imports files
        // under `monaco-editor/esm/vs/…`, which the package's export map now hides, and monaco-emacs requires the
        // bare package, whose CommonJS entry is the AMD build. Both get the same ESM modules as our editor.
        'monaco-editor/esm/vs': path.resolve(__dirname, 'node_modules/monaco-editor/esm/vs'),
        'monaco-editor$': path.resolve(__dirname, 'node_modules/monaco-editor/esm/vs/editor/editor.api.js'),
      },
    },
    devtool: prod ? false : 'eval-cheap-module-source-map',
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
          },
        },
        { test: /\.css$/, use: [prod ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        { test: /\.ttf$/, type: 'asset/resource' },
        // Monaco refers to its own workers by URL; we supply workers in MonacoEnvironment instead.
        {
          test: /monaco-editor[\\/]esm[\\/]vs[\\/](editor[\\/]browser[\\/]services[\\/]editorWorkerService|languages[\\/]features[\\/][a-z]+[\\/]workerManager)\.js$/,
          parser: { url: false, worker: false },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './src/index.html', chunks: ['main'] }),
      new HtmlWebpackPlugin({ template: './src/pages/note/results/frame/result-frame.html', filename: 'result-frame.html', chunks: ['resultFrame'] }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
      ...(prod ? [new InputsStampPlugin(), new CompileHintsPlugin(['main', 'results', 'table-worker'])] : []),
    ],
    optimization: {
      splitChunks: {
        cacheGroups: {
          // One named chunk for Monaco, loaded only when a page shows an editor.
          monaco: { test: /[\\/]node_modules[\\/](monaco-editor|@monaco-editor)[\\/]/, name: 'monaco-editor', chunks: 'async', priority: 20, enforce: true },
        },
      },
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, parallel: true })],
    },
    performance: { hints: false },
    devServer: {
      port: 9000,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/ws'], target: 'http://127.0.0.1:8080', ws: true }],
    },
  };
};
