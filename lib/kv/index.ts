export { putKv, getKv, deleteKv, listKv, purgeExpiredKv } from "./store";
