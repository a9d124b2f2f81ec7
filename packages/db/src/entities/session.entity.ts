import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Server-side sessions (@fastify/session's store). Only signed-in visitors get a row. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sid!: string;

  @Column({ type: 'json' })
  sess!: Record<string, unknown>;

  @Index('sessions_expire_idx')
  @Column({ type: 'timestamp', precision: 6 })
  expire!: Date;
}
