export default "/login";
