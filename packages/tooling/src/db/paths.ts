import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const prismaDir = path.join(repoRoot, 'prisma');
export const schemaPath = path.join(prismaDir, 'schema.prisma');
export const migrationsDir = path.join(prismaDir, 'migrations');
/** The schema as it stood when the newest migration was created; new migrations diff against it. */
export const migratedSchemaPath = path.join(migrationsDir, 'schema-at-last-migration.prisma');
