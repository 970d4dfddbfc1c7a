/** @jest-environment node */
/** `%jdbc` against a throwaway mariadb server started for this file (the cases are in helpers/jdbcSuite.ts).
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import { describeJdbc } from './helpers/jdbcSuite';

// Real database servers on a loaded CI machine (the whole suite runs in parallel on 2 cores) need time to start.
jest.setTimeout(90_000);

describeJdbc('mariadb');
