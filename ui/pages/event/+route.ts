export default "/event/@id";
