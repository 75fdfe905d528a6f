import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

/**
 * SQLite has no boolean type and better-sqlite3 refuses to bind `true`/`false`.
 * This plugin writes booleans as 1/0 and reads back every `is*` column (the
 * schema's naming rule for booleans) as a boolean, so repositories see the same
 * values on SQLite as on PostgreSQL.
 */
export class SqliteBooleansPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanParameterTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
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

const toSqlite = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

class BooleanParameterTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = toSqlite(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map(toSqlite) };
  }
}
