import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `column IN (...)` for a list of any length: the list goes in as one JSON parameter read by
 * `json_each`, where `inArray` binds one SQL variable per value and SQLite refuses more than
 * 32,766 of them ("too many SQL variables"). One statement, so ordering and paging still apply.
 */
export function inList(column: SQLWrapper, values: readonly (string | number)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
