import 'reflect-metadata';

import { runService } from './app/run-service';

runService();
