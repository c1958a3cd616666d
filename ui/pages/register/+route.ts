export default "/register";
