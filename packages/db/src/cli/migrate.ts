import { migrate, openDatabase } from '../data-source';
import { cliDatabaseConfig } from './config';

const db = await openDatabase(cliDatabaseConfig());
try {
  const ran = await migrate(db.dataSource);
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'The database is up to date.');
} finally {
  await db.close();
}
