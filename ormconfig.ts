import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './apps/api/src/config/app-config';
import { dataSourceOptions } from './apps/api/src/persistence/data-source-options';

/** The DataSource of TypeORM's migration CLI (npm run migration:generate / migration:revert; migration:run is the operator CLI's db migrate). */
export default new DataSource(dataSourceOptions(loadConfig(process.env)));
