import { InitialSchema1795239786593 } from './1795239786593-InitialSchema';

/** Every migration in order; the DataSource lists them explicitly (no globs). */
export const MIGRATIONS = [InitialSchema1795239786593];
