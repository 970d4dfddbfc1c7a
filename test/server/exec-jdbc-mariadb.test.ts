/** @jest-environment node */
/** `%jdbc` against a throwaway mariadb server started for this file (the cases are in helpers/jdbcSuite.ts). */
import { describeJdbc } from './helpers/jdbcSuite';

// Real database servers on a loaded CI machine (the whole suite runs in parallel on 2 cores) need time to start.
jest.setTimeout(90_000);

describeJdbc('mariadb');
