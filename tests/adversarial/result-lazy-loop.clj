;; the program's value is a lazy seq whose generator loops: printing the result must stay within the run's limits
;; family: result
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(repeatedly (fn [] (loop [] (recur))))
