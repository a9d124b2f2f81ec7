/**
 * Column helpers shared by the entities. Every column names its SQL type explicitly: tsx, vite and
 * esbuild emit no decorator metadata, so TypeORM cannot infer types (docs/stack.md gotcha 1).
 */
import { CreateDateColumn, UpdateDateColumn, VersionColumn, type ValueTransformer } from 'typeorm';

/** numeric(10,2) arrives from pg as a string; keep it a string ('12.50'), never a float. */
export const moneyColumn = { type: 'numeric', precision: 10, scale: 2 } as const;

export const CreatedAt = () => CreateDateColumn({ name: 'created_at', type: 'timestamptz' });
export const UpdatedAt = () => UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' });

/**
 * The edit version of a row staff edit while others may change it (migration EditVersions1765600000000):
 * a staff form sends back the version it loaded and a write based on an older one is refused.
 * TypeORM adds `version = version + 1` to every UPDATE it makes of the entity (a `save` of a profile
 * or of sign-in's claims); a hand-written UPDATE of a field a staff form edits bumps it in its SQL
 * (apps/api's edit-version.ts). Stock moved by orders leaves it alone: stock has its own check.
 */
export const EditVersion = () => VersionColumn({ type: 'integer', default: 1 });

/** bigint counts (COUNT(*), SUM of integers) come back as strings; these are safe integers. */
export const intTransformer: ValueTransformer = {
  to: (value: number | null) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
