/** jest globalSetup of the browser tests: the run's temp folder, and the Chromium unpacked once before the workers start. */
import tempRoot from '../../test/support/globalSetup';
import { chromiumBinary } from './chromium';

export default async function globalSetup(): Promise<void> {
  tempRoot();
  const chromium = await chromiumBinary();
  console.log(`\nBrowser tests run in ${chromium.description}.`);
}
