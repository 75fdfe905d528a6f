import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * SQLite has no boolean type and better-sqlite3 refuses to bind `true`/`false`.
 * The connection binds booleans as 1/0 (`create-db.ts`, at binding: no query's tree is
 * rewritten); this plugin reads back every `is*` column (the schema's naming rule for
 * booleans) as a boolean, so repositories see the same values on SQLite as on PostgreSQL.
 */
export class SqliteBooleansPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key in row) {
        const value = row[key];
        if ((value === 0 || value === 1) && /(?:^is|Is)[A-Z]/.test(key)) row[key] = value === 1;
      }
    }
    return args.result;
  }
}
