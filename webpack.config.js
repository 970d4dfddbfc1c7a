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
      ...(prod ? [new InputsStampPlugin()] : []),
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
