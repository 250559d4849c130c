import 'reflect-metadata';

import { runService } from '../../src/app/run-service';
import { ExamplesTestModule } from './examples-test.module';

/** The service's entry point with the sample routes and queue mounted, for tests of the built process. */
runService([ExamplesTestModule]);
