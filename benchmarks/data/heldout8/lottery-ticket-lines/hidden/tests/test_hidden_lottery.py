from lottery import Line, Ticket


def test_the_slip_prints_the_holder_and_each_line():
    ticket = Ticket("Sam", [Line((49, 1, 10, 2, 30, 7)), Line((5, 6, 7, 8, 9, 11))])
    assert ticket.slip() == "Sam\n1-2-7-10-30-49\n5-6-7-8-9-11"
