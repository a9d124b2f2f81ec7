/**
 * Column helpers shared by the entities. Every column names its SQL type explicitly: tsx, vite and
 * esbuild emit no decorator metadata, so TypeORM cannot infer types (STACK.md gotcha 1).
 */
import { CreateDateColumn, UpdateDateColumn, type ValueTransformer } from 'typeorm';

/** numeric(10,2) arrives from pg as a string; keep it a string ('12.50'), never a float. */
export const moneyColumn = { type: 'numeric', precision: 10, scale: 2 } as const;

export const CreatedAt = () => CreateDateColumn({ name: 'created_at', type: 'timestamptz' });
export const UpdatedAt = () => UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' });

/** bigint counts (COUNT(*), SUM of integers) come back as strings; these are safe integers. */
export const intTransformer: ValueTransformer = {
  to: (value: number | null) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
