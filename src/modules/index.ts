import { ExamplesModule } from './examples/examples.module';
import { HealthModule } from './health/health.module';

/** Feature modules: adding a module is adding its folder and one line here. */
export const FEATURE_MODULES = [HealthModule, ExamplesModule];
