export default "/_tmp/api-handler";
