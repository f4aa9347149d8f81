import { AdminTokenEntity } from './admin-token.entity';
import { AppEntity } from './app.entity';
import { ProfileEntity } from './profile.entity';

export { AdminTokenEntity, AppEntity, ProfileEntity };

/** Every persisted entity; the DataSource lists them explicitly (no globs). */
export const ENTITIES = [AppEntity, AdminTokenEntity, ProfileEntity];
