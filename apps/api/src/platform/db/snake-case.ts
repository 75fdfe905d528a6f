import {
  CamelCasePlugin,
  type PluginTransformQueryArgs,
  PostgresDialect,
  PostgresQueryCompiler,
  type QueryCompiler,
  type RootOperationNode,
  SqliteDialect,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * The repositories name tables and columns in camelCase; the databases have them in
 * snake_case (`schema.ts`). Kysely's `CamelCasePlugin` maps both ways: it copies every
 * query's whole tree to rename its identifiers before the compiler walks the same tree
 * again, which was about 9 % of a checkout's CPU (decision 0160). Here the compiler
 * renames each identifier as it writes it, with the same mapping, and the plugin maps
 * only the rows that come back: one walk of the tree instead of two, the same SQL.
 */
export class CamelCaseResultsPlugin extends CamelCasePlugin {
  /** Identifiers are renamed by the compiler (`SnakeCaseSqliteDialect`, `SnakeCasePostgresDialect`). */
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  /** `CamelCasePlugin`'s own mapping, memoised: `staffRole` → `staff_role`. */
  toSnakeCase(identifier: string): string {
    return this.snakeCase(identifier);
  }
}

const mapping = new CamelCaseResultsPlugin();

/** `staffRole` → `staff_role`, as `CamelCasePlugin` maps an identifier. */
export const snakeCase = (identifier: string): string => mapping.toSnakeCase(identifier);

/** SQLite's compiler, writing each identifier in snake_case. */
export class SnakeCaseSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(snakeCase(identifier));
  }
}

/** PostgreSQL's compiler, writing each identifier in snake_case. */
export class SnakeCasePostgresQueryCompiler extends PostgresQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(snakeCase(identifier));
  }
}

/** Kysely's SQLite dialect with the snake_case compiler. */
export class SnakeCaseSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SnakeCaseSqliteQueryCompiler();
  }
}

/** Kysely's PostgreSQL dialect with the snake_case compiler. */
export class SnakeCasePostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SnakeCasePostgresQueryCompiler();
  }
}
