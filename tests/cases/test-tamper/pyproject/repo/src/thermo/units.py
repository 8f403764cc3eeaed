def f_to_c(fahrenheit):
    return (fahrenheit - 23) * 5 / 9
