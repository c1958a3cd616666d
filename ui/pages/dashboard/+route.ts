export default "/dashboard";
