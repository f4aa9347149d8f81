import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './apps/api/src/config/app-config';
import { dataSourceOptions } from './apps/api/src/persistence/data-source-options';

/** The DataSource of the migration scripts (npm run migration:generate / migration:run). */
export default new DataSource(dataSourceOptions(loadConfig(process.env)));
