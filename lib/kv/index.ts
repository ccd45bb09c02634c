export { putKv, putKvJson, getKv, deleteKv, listKv, purgeExpiredKv } from "./store";
