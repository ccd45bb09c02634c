import { parseBody, parseQuery, route } from "../_lib/handler";
import { exportBody, exportQuery } from "@/lib/contracts/export";
import { exportMemoriesStream, type ExportStream } from "@/lib/export";

/** `GET /api/export?format=markdown|json&scope=..&category=..&status=..&tag=..&pinned=..&project=..&ids=..` */
export const GET = route(async ({ req, ctx }) => download(await exportMemoriesStream(ctx, parseQuery(req, exportQuery))));

/** `POST /api/export { format, ids }`: the browser's selection, which may be too long for a URL. */
export const POST = route(async ({ req, ctx }) => {
  const body = await parseBody(req, exportBody, ctx.config.server.bodyLimitBytes);
  return download(await exportMemoriesStream(ctx, { format: body.format, ids: body.ids, status: "all" }));
});

const download = (file: ExportStream) =>
  new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "x-recollect-count": String(file.count),
      "cache-control": "no-store",
    },
  });
